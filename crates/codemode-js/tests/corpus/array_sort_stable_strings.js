const words = ['banana', 'Apple', 'cherry', 'apple']; return [words.slice().sort((a, b) => a.localeCompare(b)), words.toSorted(), words];
