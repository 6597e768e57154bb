/** One CSV line for a download: RFC 4180 quoting, and a leading quote for cells a spreadsheet would run as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: string[]) => cells.map(cell).join(",") + "\r\n";
