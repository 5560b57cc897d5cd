const phones = ["(555) 123-4567", "555.123.4567", "+1 555 123 4567", "5551234567", "123-45"];
return phones.map((p) => {
  const digits = p.replace(/\D/g, "");
  const m = digits.match(/^1?(\d{3})(\d{3})(\d{4})$/);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : null;
});
