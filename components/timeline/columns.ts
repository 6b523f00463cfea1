/** Timeline grid: one template shared by the header and every row so columns line up. */
export const GRID_COLUMNS = '60px 84px 20px 96px 72px minmax(120px,1fr) 68px minmax(72px,128px) 28px';
export const ROW_HEIGHT = 22;
