const lines = ['{"level":"error","msg":"disk full"}', '{"level":"info","msg":"ok"}', 'not json', '{"level":"ERROR","msg":"timeout after 30s"}'];
return lines.filter((l) => /"level"\s*:\s*"error"/i.test(l)).map((l) => JSON.parse(l).msg.replace(/\d+s\b/, (s) => parseInt(s) * 1000 + "ms"));
