const lines = ["user=ana@example.com x", "user=bo.li@corp.example.org y", "no user here"];
return lines.map((l) => l.replace(/user=([^@\s]+)@(\S+)/, (_, name, host) => `user=${name[0]}***@${host}`));
