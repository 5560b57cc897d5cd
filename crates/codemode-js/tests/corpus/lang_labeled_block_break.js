let r = 'start'; block: { r = 'in'; if (r) break block; r = 'never'; } return r;
