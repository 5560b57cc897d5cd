return [1 == '1', 0 == '', 0 == '0', '' == '0', null == 0, false == 'false', true == 1, [1] == 1, 'a' == 'a', null == false];
