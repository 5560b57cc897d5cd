console.log(/ab+c/gi, [/x/], { r: /y/m });
return "ok";
