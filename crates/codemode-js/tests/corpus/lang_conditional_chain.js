const grade = s => s >= 90 ? 'A' : s >= 80 ? 'B' : s >= 70 ? 'C' : 'F'; return [95, 85, 75, 10].map(grade);
