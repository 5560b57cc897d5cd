const re = /a\/b[/]c/gi;
return [`${re}`, re + "", String(/x/), JSON.stringify({ re }), JSON.stringify(/a/), Object.keys(/a/g), typeof /a/, /a/ instanceof RegExp];
