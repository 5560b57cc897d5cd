return String.raw`a\nb${1 + 1}c`;
