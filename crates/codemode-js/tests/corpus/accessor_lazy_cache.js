let computed = 0;
const config = {
  get settings() {
    computed++;
    const value = { retries: 3, timeout: 1000 };
    Object.defineProperty(this, 'settings', { value, writable: false, enumerable: true });
    return value;
  },
};
const a = config.settings, b = config.settings;
return [a === b, computed, config.settings.retries, Object.getOwnPropertyDescriptor(config, 'settings').writable];
