const s = "Hello Ωμέγα Мир 123 ١٢٣ 漢字";
return {
  letters: s.match(/\p{L}+/gu),
  upper: s.match(/\p{Lu}/gu),
  greek: s.match(/\p{Script=Greek}+/gu),
  cyr: s.match(/\p{sc=Cyrillic}+/gu),
  digits: s.match(/\p{Nd}+/gu),
  han: s.match(/\p{Script_Extensions=Han}+/gu),
  notL: s.replace(/\P{L}/gu, "").length,
  white: /\p{White_Space}/u.test("\u00a0"),
};
