try { const {a} = null; } catch (e) { return e.constructor === TypeError; }
