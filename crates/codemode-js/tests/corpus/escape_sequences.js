return ['tab\there', 'nl\n', 'uni\u00e9', 'hex\x41', 'q\'s', "dq\"", '\\'];
