local company = {
  name = "Acme",
  departments = {
    {name = "eng", people = {{name = "ann", salary = 100}, {name = "bo", salary = 90}}},
    {name = "ops", people = {{name = "cy", salary = 70}}},
    {name = "empty", people = {}},
  },
}
local totals = {}
for _, d in ipairs(company.departments) do
  local s = 0
  for _, p in ipairs(d.people) do s = s + p.salary end
  totals[#totals + 1] = {dept = d.name, headcount = #d.people, payroll = s}
end
return {company = company.name, totals = totals}
