return [1 && 2, 0 && 2, 0 || 'x', '' || null, !!'a', !0, null ?? 'd', false ?? 'd'];
