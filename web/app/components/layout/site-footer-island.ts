/** The footer's copyright year is the visitor's current year, not the year the page was built in. */
export function startFooterYear(): void {
  const year = String(new Date().getFullYear());
  for (const el of document.querySelectorAll<HTMLElement>("[data-current-year]")) {
    if (el.textContent !== year) el.textContent = year;
  }
}
