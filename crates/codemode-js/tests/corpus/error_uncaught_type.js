const n = 5; n();
