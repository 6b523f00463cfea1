/** Timeline rows have one fixed height, so the virtual list is arithmetic. The columns themselves: lib/timeline/columns.ts. */
export const ROW_HEIGHT = 22;
