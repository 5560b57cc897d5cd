return [parseInt(''), parseInt('abc'), parseInt('12.9'), parseInt('-0x10'), parseInt('z', 36), parseFloat('-.5e1'), parseFloat('Infinityx'), parseInt('1e3'), parseInt(null)];
