return [typeof Array, typeof Object.keys, typeof Promise, typeof (async () => {}), typeof class_like_not_defined];
