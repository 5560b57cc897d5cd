return {not nil, not false, not 0, not "", not not {}}
