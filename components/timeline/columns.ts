/** Timeline grid: one template shared by the header and every row so columns line up. */
export const GRID_COLUMNS = '56px 92px 22px 96px 76px minmax(140px,1fr) 72px 148px 34px';
export const ROW_HEIGHT = 22;
