return ['item10', 'item2', 'Item1'].sort((a, b) => a.localeCompare(b));
