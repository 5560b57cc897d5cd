return ['ÄÖÜ'.toLowerCase(), 'straße'.toUpperCase(), 'İ'.length];
