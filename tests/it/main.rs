mod validation;
