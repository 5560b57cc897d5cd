const a = [3, 1, 2]; return [a.toReversed(), a.toSorted(), a.toSpliced(0, 1), a.with(1, 9), a];
