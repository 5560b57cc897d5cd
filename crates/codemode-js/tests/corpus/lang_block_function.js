{ function inner() { return 'block fn'; } console.log(inner()); } return 'ok';
