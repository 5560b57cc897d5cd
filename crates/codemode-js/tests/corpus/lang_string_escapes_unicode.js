return ['\u{1F600}'.length, '\u0041\x42', 'a\\b'.length];
