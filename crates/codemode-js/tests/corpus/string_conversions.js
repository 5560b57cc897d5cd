return [String(null), String(undefined), String(123), String(true), String([1, 2]), String({}), `${null}`, 1 + '2', '3' * '4', '10' / 2, '5' - 2, +'', +' 42 ', -'3'];
