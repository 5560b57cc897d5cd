try { for (const i = 0; i < 2; i++) {} } catch (e) { return e.message; }
