// A plan made "now" depends on the hour it is made: an EV told to reach 90 % by 23:30 cannot when
// the account's local time is already 20:00. Specs that read such a plan give the account a zone
// whose local time is the morning whatever hour the suite runs at.

/** An IANA zone (`Etc/GMT±N`, no clock change) in which `now` is between 08:00 and 09:00. */
export function morningTimeZone(now = new Date()): string {
  // Etc/GMT+N is N hours behind UTC (POSIX sign); offsets run from -12 to +14.
  const offset = ((8 - now.getUTCHours() + 36) % 24) - 12;
  if (offset === 0) return 'UTC';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
