// Database errors carry row values in two ways, and an error's message reaches the log (the 500
// handler logs it): Knex puts the failed statement in front of the driver's message with every
// bound value written in (a whole inserted row: hostnames, tool input, key hashes), and MySQL
// quotes the offending value in some messages ("Duplicate entry 'host-1' for key …",
// "Incorrect string value: '\xF0…'"). The store keeps the code, the statement's shape (with
// `?` placeholders) and the reason; the values are withheld.

const QUOTED_VALUE_MESSAGES: Array<[RegExp, string]> = [
  [/Duplicate entry '(?:[^'\\]|\\.|'(?! for key))*' for key/g, "Duplicate entry '(value withheld)' for key"],
  [/Incorrect (\w+) value: '(?:[^'\\]|\\.)*'/g, "Incorrect $1 value: '(value withheld)'"],
  [/Truncated incorrect (\w+) value: '(?:[^'\\]|\\.)*'/g, "Truncated incorrect $1 value: '(value withheld)'"],
];

/** `message` with the values MySQL quotes in it withheld. */
export function withholdDbValues(message: string): string {
  let out = message;
  for (const [re, replacement] of QUOTED_VALUE_MESSAGES) out = out.replace(re, replacement);
  return out;
}
