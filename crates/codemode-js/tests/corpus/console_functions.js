console.log(function foo() {}, () => {}, async function bar() {}); return 1;
