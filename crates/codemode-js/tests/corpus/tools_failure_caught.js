try { await tools.svc.fail({}); } catch (e) { return [e.message, e.code]; }
