return [...'abc'].map(c => c.charCodeAt(0));
