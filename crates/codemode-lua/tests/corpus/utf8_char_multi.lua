return {utf8.char(), utf8.char(0x10FFFF):len(), utf8.char(97, 98), utf8.len("") , utf8.offset("abc", 0, 2), utf8.offset("abc", 5) == nil}
