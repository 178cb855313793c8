// KumikiSolver
