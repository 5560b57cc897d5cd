return await Promise.resolve(3).then(null).then(undefined, undefined).then(5);
