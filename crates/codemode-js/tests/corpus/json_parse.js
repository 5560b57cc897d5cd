const v = JSON.parse('{"a":[1,2.5,-3e2],"b":{"c":null,"d":"x\\u0041"},"e":true}'); return [v, JSON.parse('"s"'), JSON.parse(' 7 ')];
