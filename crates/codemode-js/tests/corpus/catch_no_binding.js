try { JSON.parse('{bad'); } catch { return 'caught'; }
