try { JSON.parse('{"a":}'); } catch (e) { return e.name; }
