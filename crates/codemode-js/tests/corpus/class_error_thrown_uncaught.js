class QuotaError extends Error { constructor() { super('quota exceeded'); this.name = 'QuotaError'; } }
throw new QuotaError();
