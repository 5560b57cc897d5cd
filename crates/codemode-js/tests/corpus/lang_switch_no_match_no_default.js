let r = 'unchanged'; switch (5) { case 1: r = 'one'; } return r;
