const text = "card 4111-1111-1111-1234 and 5500 0000 0000 0004; token=abcd1234efgh; ssn 123-45-6789";
return text
  .replace(/\b(?:\d{4}[- ]?){3}(\d{4})\b/g, "****-****-****-$1")
  .replace(/(token=)\w+/g, "$1[redacted]")
  .replace(/\b\d{3}-\d{2}-(\d{4})\b/g, "***-**-$1");
