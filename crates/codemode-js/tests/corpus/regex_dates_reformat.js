const rows = ["03/14/2024 paid", "12/01/2023 refund", "2024-01-05 already iso", "13/40/2024 bad"];
return rows.map((r) => r.replace(/\b(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/(\d{4})\b/, "$3-$1-$2"));
