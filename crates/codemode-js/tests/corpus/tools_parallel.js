const ids = [1, 2, 3]; const rs = await Promise.all(ids.map(id => tools.db.get({id}))); return rs.map(r => r.input.id);
