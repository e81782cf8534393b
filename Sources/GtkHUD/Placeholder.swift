enum GtkHUDPlaceholder {}
