return ['\u00a0 x \t\n'.trim(), '\ufeffy'.trim().length];
