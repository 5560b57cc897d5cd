let i = 'outer'; for (let i = 0; i < 2; i++) {} return i;
