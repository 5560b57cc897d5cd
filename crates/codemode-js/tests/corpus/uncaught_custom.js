throw new RangeError('out of range');
