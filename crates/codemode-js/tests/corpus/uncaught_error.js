const x = {}; x.y.z = 1;
