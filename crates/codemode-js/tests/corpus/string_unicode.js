const s = '😀a'; return [s.length, s.charCodeAt(0), s.codePointAt(0), [...s].length, String.fromCharCode(72, 105), String.fromCodePoint(128512), 'é'.toUpperCase(), 'ß'.length];
