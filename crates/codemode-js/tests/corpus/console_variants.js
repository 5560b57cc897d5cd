console.info('info'); console.warn('warn'); console.error('error'); console.debug('debug'); return 'ok';
