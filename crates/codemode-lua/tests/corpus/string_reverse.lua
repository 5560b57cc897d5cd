return {("abc"):reverse(), (""):reverse(), ("a"):reverse()}
