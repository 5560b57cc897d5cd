const s = 'a😀'; return [s.at(1).charCodeAt(0), s.codePointAt(1), s.codePointAt(2), s.charAt(5)];
